import { agreementText, type Agreement } from "~/features/cmip6/windows";

/**
 * The mark of the models' sign agreement beside a change: ✓ robust (at least 80 % of the models agree on
 * the sign), ~ not robust. Screen readers hear the full text ("robust: 31 of 33 models agree on the sign").
 */
export function AgreementMark({ agreement }: { agreement: Agreement | null | undefined }) {
  if (!agreement) return null;
  const text = agreementText(agreement);
  return (
    <span className={`sacap-agreement sacap-agreement--${agreement.robust ? "robust" : "weak"}`} title={text}>
      <span aria-hidden="true">{agreement.robust ? "✓" : "~"}</span>
      <span className="sacap-visually-hidden">{text}</span>
    </span>
  );
}

/** The legend of the marks, with the rule. */
export function AgreementLegend() {
  return (
    <>
      <span aria-hidden="true">✓</span> robust: at least 80 % of the models agree on the sign of the change;{" "}
      <span aria-hidden="true">~</span> not robust: fewer agree (IPCC AR6 simple approach).
    </>
  );
}

/** The agreement as a download cell: "robust (31 of 33)", "not robust (20 of 33)"; null without changes. */
export const agreementCell = (a: Agreement | null | undefined) => (a ? `${a.robust ? "robust" : "not robust"} (${a.agree} of ${a.count})` : null);
