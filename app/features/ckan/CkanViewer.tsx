import { Callout, Classes, InputGroup, Tag } from "@blueprintjs/core";
import { Link, useSearchParams } from "@remix-run/react";
import { PageForm } from "~/components/PageForm";
import { Pagination } from "~/components/Pagination";
import { CsvPreview } from "./CsvPreview";
import type { CkanDataset, CkanPreview, CkanResult, CkanSearch } from "./types";

export interface CkanViewerData {
  mode: "ckan" | "embedded";
  source: string;
  q: string;
  page: number;
  pageSize: number;
  search: CkanResult<CkanSearch>;
  dataset: CkanResult<CkanDataset | null> | null;
  preview: CkanResult<CkanPreview | null> | null;
}

function Failure({ result }: { result: { ok: false; error: string; refused?: boolean } }) {
  if (result.refused) {
    return (
      <Callout intent="warning" title="Preview refused" role="alert">
        {result.error} The portal previews files only from the CKAN portal and the hosts its operator allows, never from
        private network addresses.
      </Callout>
    );
  }
  return (
    <Callout intent="warning" title="Data source unavailable" role="alert">
      {result.error} Try again in a moment.
    </Callout>
  );
}

/** Only web links become links: a resource URL such as `javascript:` or `file:` is shown as text. */
const isWebLink = (url: string) => /^https?:\/\//i.test(url.trim());

/** The viewer's own state as search parameters: the search, its page, the dataset and the previewed resource. */
function viewerParams(data: CkanViewerData, dataset?: string, resource?: string): string {
  return new URLSearchParams({
    ...(data.q ? { q: data.q } : {}),
    ...(data.page > 1 ? { page: String(data.page) } : {}),
    ...(dataset ? { dataset } : {}),
    ...(resource ? { resource } : {}),
  }).toString();
}

function DatasetPanel({ data, dataset }: { data: CkanViewerData; dataset: CkanDataset }) {
  const { preview, mode } = data;
  const resourceHref = (id: string) => `?${viewerParams(data, dataset.id, id)}`;
  return (
    <section className="sacap-card" aria-labelledby="dataset-title">
      <h2 id="dataset-title">{dataset.title}</h2>
      {dataset.organization && <p className={Classes.TEXT_MUTED}>{dataset.organization}</p>}
      <p>{dataset.notes}</p>
      <h3>Resources</h3>
      <ul className="sacap-resource-list">
        {dataset.resources.map((resource) => (
          <li key={resource.id}>
            <Tag minimal>{resource.format || "?"}</Tag> {resource.name}{" "}
            {mode === "ckan" && resource.format === "CSV" && (
              <Link to={resourceHref(resource.id)} preventScrollReset>
                Preview
              </Link>
            )}{" "}
            {resource.url &&
              (isWebLink(resource.url) ? (
                <a href={resource.url} rel="noopener noreferrer" target="_blank">
                  Open
                </a>
              ) : (
                <span className={Classes.TEXT_MUTED} title="Not a web link: not opened from the portal">
                  {resource.url.slice(0, 200)}
                </span>
              ))}
          </li>
        ))}
        {dataset.resources.length === 0 && <li>No resources.</li>}
      </ul>
      {preview && !preview.ok && <Failure result={preview} />}
      {preview?.ok && preview.data && <CsvPreview preview={preview.data} pageParams={viewerParams(data, dataset.id, preview.data.resource.id)} />}
    </section>
  );
}

/** Search a CKAN portal (or the embedded catalogue), read a dataset, preview its CSV resources. */
export function CkanViewer({ data }: { data: CkanViewerData }) {
  const [params] = useSearchParams();
  const datasetHref = (id: string) => `?${viewerParams(data, id)}`;
  const pageCount = data.search.ok ? Math.max(1, Math.ceil(data.search.data.count / data.pageSize)) : 1;
  return (
    <div className="sacap-ckan">
      <p>
        Source: <strong>{data.source}</strong>{" "}
        {data.mode === "embedded" && <Tag minimal>no CKAN portal configured: browsing the portal's own catalogue</Tag>}
      </p>
      <div className="sacap-ckan__grid">
        <section aria-label="Search">
          <PageForm method="get" role="search">
            <InputGroup type="search" name="q" defaultValue={data.q} leftIcon="search" placeholder="Search datasets…" aria-label="Search datasets" />
          </PageForm>
          {!data.search.ok && <Failure result={data.search} />}
          {data.search.ok && (
            <>
              <p className="sacap-data-table__count" role="status">{`${data.search.data.count} datasets`}</p>
              <ol className="sacap-ckan__results" start={(data.page - 1) * data.pageSize + 1}>
                {data.search.data.results.map((dataset) => (
                  <li key={dataset.id} aria-current={params.get("dataset") === dataset.id ? "true" : undefined}>
                    <Link to={datasetHref(dataset.id)} preventScrollReset>
                      {dataset.title}
                    </Link>
                    {dataset.organization && <span className={Classes.TEXT_MUTED}>{` · ${dataset.organization}`}</span>}
                  </li>
                ))}
              </ol>
              {pageCount > 1 && (
                <Pagination page={data.page} pageCount={pageCount} hrefFor={(page) => `?${new URLSearchParams({ ...(data.q ? { q: data.q } : {}), page: String(page) })}`} label="Search result pages" />
              )}
            </>
          )}
        </section>
        <div>
          {data.dataset && !data.dataset.ok && <Failure result={data.dataset} />}
          {data.dataset?.ok && data.dataset.data === null && <Callout intent="warning">No dataset with that id.</Callout>}
          {data.dataset?.ok && data.dataset.data && <DatasetPanel data={data} dataset={data.dataset.data} />}
          {!data.dataset && <p className={Classes.TEXT_MUTED}>Choose a dataset to see its resources.</p>}
        </div>
      </div>
    </div>
  );
}
