import { Classes } from "@blueprintjs/core";
import { Link } from "@remix-run/react";

const AIMS = [
  "Make regional climate and disaster risk data and knowledge easier to find, compare and use.",
  "Support evidence-based, climate-smart decisions in sectors such as agriculture, livestock, water and transport.",
  "Help develop policies, standards, guidelines and capacities for climate-resilient planning and investment.",
  "Encourage regional cooperation on climate risks that do not stop at national borders, such as floods in shared river basins, droughts and heat.",
];

interface Partner {
  name: string;
  text: string;
}

const PARTNERS: Partner[] = [
  {
    name: "The World Bank",
    text: "finances the project.",
  },
  {
    name: "RIMES, the Regional Integrated Multi-Hazard Early Warning System for Africa and Asia",
    text: "an intergovernmental institution owned and governed by its member states that works on the generation and application of early warning and climate information. RIMES implements the project at the regional level, together with other partners.",
  },
  {
    name: "The Asian Disaster Preparedness Center (ADPC)",
    text: "co-implements the project with RIMES.",
  },
  {
    name: "Government ministries and agencies",
    text: "in the countries of the region, such as ministries of finance and agriculture and national meteorological, hydrological and disaster management services, which take part in project activities.",
  },
];

const PORTAL_ROLE = [
  {
    to: "/cmip6-data",
    label: "Climate projections and extremes",
    text: "a common set of downscaled climate projections and extreme indices for all eight countries and the shared river basins, so that results for different places are comparable.",
  },
  {
    to: "/pyaez",
    label: "Agro-ecological zoning",
    text: "regional maps of climate, soil and terrain constraints on crops.",
  },
  {
    to: "/data/catalog",
    label: "Data catalogue",
    text: "one place to find regional and national datasets, and a way to offer new ones.",
  },
  {
    to: "/care-comp",
    label: "Comparison tools",
    text: "side-by-side views of places and scenarios that support planning discussions.",
  },
];

export function AboutCare() {
  return (
    <div className={Classes.RUNNING_TEXT}>
      <section aria-labelledby="about-care-project">
        <h2 id="about-care-project">The project</h2>
        <p>
          CARE for South Asia, the Climate Adaptation and Resilience for South Asia project, is a regional
          project supported by the World Bank. It aims to create an enabling environment for
          climate-resilient policies and investments in selected sectors and countries of South Asia.
        </p>
        <p>
          The project works at two levels. Regionally, it shares data, knowledge and tools across South
          Asia. Nationally, its sector-specific activities focus on Bangladesh, Nepal and Pakistan.
        </p>
        <p>
          South Asia is highly exposed to climate-related hazards: monsoon floods, droughts, heat waves,
          cyclones and landslides affect large populations and economies that depend on agriculture and
          water. Many of these hazards cross national borders, and so does the information needed to
          prepare for them.
        </p>
      </section>

      <section aria-labelledby="about-care-aims">
        <h2 id="about-care-aims">What the project works towards</h2>
        <ul>
          {AIMS.map((aim) => (
            <li key={aim}>{aim}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-care-partners">
        <h2 id="about-care-partners">Who is involved</h2>
        <ul>
          {PARTNERS.map((partner) => (
            <li key={partner.name}>
              <strong>{partner.name}</strong>: {partner.text}
            </li>
          ))}
        </ul>
        <p>
          More about the project and its partners is available on the{" "}
          <a href="https://www.careforsouthasia.info/" rel="noopener noreferrer">
            CARE for South Asia website
          </a>
          , the{" "}
          <a href="https://www.rimes.int/" rel="noopener noreferrer">
            RIMES website
          </a>{" "}
          and the{" "}
          <a href="https://www.worldbank.org/en/region/sar" rel="noopener noreferrer">
            World Bank South Asia pages
          </a>
          .
        </p>
      </section>

      <section aria-labelledby="about-care-portal">
        <h2 id="about-care-portal">Where SACAP fits</h2>
        <p>
          <Link to="/about-sacap">SACAP</Link>, the South Asia Climate and Agriculture Portal, is one of
          the regional data platforms of CARE for South Asia. It offers:
        </p>
        <dl>
          {PORTAL_ROLE.map((item) => (
            <div key={item.to}>
              <dt>
                <Link to={item.to}>{item.label}</Link>
              </dt>
              <dd>{item.text}</dd>
            </div>
          ))}
        </dl>
        <p>
          The portal presents data from many providers. Their terms and the limits of the data are set
          out in the <Link to="/disclaimer">disclaimer</Link>. Questions about the portal can be sent
          through the <Link to="/contact/form">contact form</Link>.
        </p>
      </section>
    </div>
  );
}
