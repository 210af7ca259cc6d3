/**
 * Worked examples of the series API: fetch one indicator over one place under one scenario for every model
 * (35 for mean temperature) and plot the models with the ensemble median and 10th-90th percentile band.
 * The API page shows them with the server's own address; docs/api.md carries the same code for
 * `http://localhost:3000` (a unit test keeps the two identical).
 */

export interface CodeExample {
  id: string;
  label: string;
  language: string;
  code: string;
}

export const DOCS_BASE_URL = "http://localhost:3000";

/** The query the examples ask: annual mean temperature over Nepal under SSP5-8.5, every model. */
export const EXAMPLE_SERIES_QUERY = "indicator=tas&geo=NPL&scenario=ssp585&start=2015&end=2100";

export function codeExamples(base: string): CodeExample[] {
  return [
    {
      id: "curl",
      label: "curl",
      language: "sh",
      code: `URL='${base}/api/cmip6/annual?${EXAMPLE_SERIES_QUERY}'
curl -s "$URL" -o npl-tas-ssp585.json          # every model (35) and the ensemble statistics
curl -sI "$URL"                                # headers only: ETag, Cache-Control, X-Sample-Data
ETAG=$(curl -sI "$URL" | tr -d '\\r' | awk 'tolower($1) == "etag:" { print $2 }')
curl -s -o /dev/null -w '%{http_code}\\n' -H "If-None-Match: $ETAG" "$URL"   # 304: unchanged
jq '.series[0].values | length' npl-tas-ssp585.json                         # 35 models`,
    },
    {
      id: "python",
      label: "Python (requests, pandas, matplotlib)",
      language: "python",
      code: `import requests
import pandas as pd
import matplotlib.pyplot as plt

BASE = "${base}"
params = {"indicator": "tas", "geo": "NPL", "scenario": "ssp585", "start": 2015, "end": 2100}
response = requests.get(f"{BASE}/api/cmip6/annual", params=params, timeout=120)
response.raise_for_status()
answer = response.json()

block = answer["series"][0]  # one block per scenario
models = pd.DataFrame(block["values"], index=block["years"]).astype(float)  # a column per model; null is NaN
stats = pd.DataFrame(block["stats"], index=block["years"]).astype(float)
print(f"{models.shape[1]} models, sample data: {answer['sample']}")

fig, ax = plt.subplots(figsize=(9, 5))
ax.plot(models.index, models.to_numpy(), color="grey", linewidth=0.6, alpha=0.5)
ax.fill_between(stats.index, stats["p10"], stats["p90"], alpha=0.3, label="10th-90th percentile")
ax.plot(stats.index, stats["median"], color="black", linewidth=2, label="ensemble median")
ax.set_title(f"{answer['indicator']['chartTitle']}, {answer['geo']['name']}, {block['scenario']}")
ax.set_xlabel("Year")
ax.set_ylabel(answer["indicator"]["axisUnit"])
ax.legend()
fig.savefig("npl-tas-ssp585.png", dpi=150)`,
    },
    {
      id: "r",
      label: "R (httr2, base graphics)",
      language: "r",
      code: `library(httr2)

base <- "${base}"
answer <- request(base) |>
  req_url_path("/api/cmip6/annual") |>
  req_url_query(indicator = "tas", geo = "NPL", scenario = "ssp585", start = 2015, end = 2100) |>
  req_timeout(120) |>
  req_perform() |>
  resp_body_json()

block <- answer$series[[1]]  # one block per scenario
as_num <- function(x) vapply(x, function(v) if (is.null(v)) NA_real_ else as.numeric(v), numeric(1))
years <- as_num(block$years)
values <- sapply(block$values, as_num)  # a column per model
cat(ncol(values), "models, sample data:", answer$sample, "\\n")

png("npl-tas-ssp585.png", width = 900, height = 500)
matplot(years, values, type = "l", lty = 1, col = adjustcolor("grey40", 0.4),
        xlab = "Year", ylab = answer$indicator$axisUnit,
        main = paste0(answer$indicator$chartTitle, ", ", answer$geo$name, ", ", block$scenario))
polygon(c(years, rev(years)), c(as_num(block$stats$p10), rev(as_num(block$stats$p90))),
        col = adjustcolor("steelblue", 0.3), border = NA)
lines(years, as_num(block$stats$median), lwd = 2)
legend("topleft", c("models", "10th-90th percentile", "ensemble median"),
       col = c("grey40", adjustcolor("steelblue", 0.3), "black"), lwd = c(1, 8, 2), bty = "n")
dev.off()`,
    },
  ];
}
