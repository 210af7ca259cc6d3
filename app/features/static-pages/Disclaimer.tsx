import { Classes } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

interface Clause {
  id: string;
  title: string;
  body: ReactNode[];
}

const CLAUSES: Clause[] = [
  {
    id: "disclaimer-as-is",
    title: "Data provided as is",
    body: [
      "All data, maps, charts, tables and tools on SACAP are provided as is and as available, for information only, without any warranty, express or implied, of accuracy, completeness, timeliness, fitness for a particular purpose or non-infringement.",
      "Data may contain errors, gaps or artefacts of processing, and may be revised, replaced or withdrawn without notice. Users should check the original source and the documentation of a dataset before relying on it, and seek expert advice for important decisions.",
    ],
  },
  {
    id: "disclaimer-projections",
    title: "Projections are not forecasts",
    body: [
      "Climate projections describe how the climate could evolve under given assumptions about future greenhouse gas emissions, land use and socio-economic development (the SSP scenarios). They are not forecasts of the weather or of the climate in any particular year, season or day.",
      "A projected value for a 20-year window describes the statistics of the climate in that window, not what will happen in a given year. Individual years will differ considerably because of natural variability.",
    ],
  },
  {
    id: "disclaimer-uncertainty",
    title: "Model spread and uncertainty",
    body: [
      "Projections come from an ensemble of global climate models that differ in their physics, resolution and sensitivity. The portal shows the ensemble median together with the 10th to 90th percentile range across models. This range shows the spread between models; it is not a formal probability and does not capture all sources of uncertainty.",
      "Downscaling and bias correction improve local detail and remove systematic biases against an observational reference, but they cannot correct every model error, and they inherit the limitations of the reference data. Uncertainty is larger for precipitation than for temperature, for extremes than for averages, for small areas than for large ones, and for the end of the century than for the coming decades. Results for a single model should be read with particular care.",
      <>
        Methods and terms are explained in the <Link to="/wiki">wiki</Link>.
      </>,
    ],
  },
  {
    id: "disclaimer-sample",
    title: "Sample data in the default installation",
    body: [
      "The default installation of the portal serves generated SAMPLE series so that every screen can be explored. Sample data is marked with a visible Sample tag. It is generated, not taken from observations or model output, and must not be used for analysis, reporting or decisions. Series an operator has loaded from model output files are marked \"Ingested data\" and name their files; a chart that mixes both says so.",
      "Real data is shown only after an operator of the installation has loaded it. If a chart, table or download is marked as sample, treat every value in it as illustrative.",
    ],
  },
  {
    id: "disclaimer-boundaries",
    title: "Boundaries, names and designations",
    body: [
      "The boundaries, colours, denominations and other information shown on any map, and the names used for countries, territories and places, do not imply any judgement on the legal status of any territory or any endorsement or acceptance of such boundaries by the providers of this portal or its partners.",
      "River basin outlines are approximate and are simplified for display and for summarising data. They are not suitable for legal, engineering or water allocation purposes. Values summarised over a country or a basin are area averages and can hide large differences within it.",
    ],
  },
  {
    id: "disclaimer-third-party",
    title: "Third-party data and licences",
    body: [
      "Much of the data shown comes from third parties, including climate model projections, reanalyses, satellite products, flood forecasts, water and landslide models and national datasets. Ownership of and rights in that data remain with its providers, and its use is governed by each provider's licence and terms of use. Users are responsible for complying with those terms and for citing the original sources.",
      "Links to external websites are provided for convenience. The portal has no control over their content or availability and does not endorse them.",
    ],
  },
  {
    id: "disclaimer-liability",
    title: "No liability",
    body: [
      "To the fullest extent permitted by law, the providers of this portal, their partners and the data providers accept no liability for any loss or damage, direct or indirect, arising from the use of, or reliance on, the portal or any of its content.",
      "The portal is not an early warning service. In an emergency, follow the warnings and instructions of your national meteorological, hydrological and disaster management authorities.",
    ],
  },
];

export function Disclaimer() {
  return (
    <div className={Classes.RUNNING_TEXT}>
      <p>
        Please read this disclaimer before using SACAP, the South Asia Climate and Agriculture Portal.
        By using the portal you accept the conditions below.
      </p>
      {CLAUSES.map((clause) => (
        <section key={clause.id} aria-labelledby={clause.id}>
          <h2 id={clause.id}>{clause.title}</h2>
          {clause.body.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </section>
      ))}
      <section aria-labelledby="disclaimer-contact">
        <h2 id="disclaimer-contact">Reporting problems</h2>
        <p>
          If you find an error in the data or have a question about its use, please tell us through the{" "}
          <Link to="/contact/form">contact form</Link>. More about the portal is on the{" "}
          <Link to="/about-sacap">About SACAP</Link> page.
        </p>
      </section>
    </div>
  );
}
