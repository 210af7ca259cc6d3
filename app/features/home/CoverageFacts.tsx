const COUNTRIES = ["Afghanistan", "Bangladesh", "Bhutan", "India", "Maldives", "Nepal", "Pakistan", "Sri Lanka"];

const FACTS = [
  { value: "8", label: "countries", detail: COUNTRIES.join(", ") },
  { value: "16", label: "river basins", detail: "Indus, Ganges, Brahmaputra, Meghna and twelve more" },
  { value: "35", label: "CMIP6 models", detail: "NASA NEX-GDDP-CMIP6, historical, SSP2-4.5 and SSP5-8.5" },
  { value: "29", label: "extreme indices", detail: "The 27 ETCCDI core indices, SPI and SPEI" },
];

export function CoverageFacts() {
  return (
    <dl className="sacap-facts">
      {FACTS.map((fact) => (
        <div key={fact.label} className="sacap-card sacap-facts__item">
          <dt>
            <span className="sacap-facts__value">{fact.value}</span> {fact.label}
          </dt>
          <dd>{fact.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
