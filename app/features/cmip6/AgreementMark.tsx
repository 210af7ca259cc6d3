import { agreementText, type Agreement } from "./windows";

/**
 * The mark of the models' sign agreement beside a change, on every screen: ✓ robust (at least 80 % of the
 * models agree on the sign), ~ not robust. The full text ("robust: 31 of 33 models agree on the sign") is
 * shown with `visible`, else only screen readers hear it (and a pointer's tooltip shows it).
 */
export function AgreementMark({ agreement, visible = false }: { agreement: Agreement | null | undefined; visible?: boolean }) {
  if (!agreement) return null;
  const text = agreementText(agreement);
  return (
    <span className={`sacap-agreement sacap-agreement--${agreement.robust ? "robust" : "weak"}`} title={visible ? undefined : text}>
      <span aria-hidden="true">{agreement.robust ? "✓" : "~"}</span> <span className={visible ? undefined : "sacap-visually-hidden"}>{text}</span>
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
