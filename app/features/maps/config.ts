/** What the browser needs to know about map services (never a secret beyond the public Mapbox token). */
export interface MapConfig {
  /** Map server that serves the seeds' `/thredds/...` WMS paths; unset: those layers are unavailable. */
  baseUrl?: string;
  /** Hosts of absolute layer URLs that may be requested (public services); empty: none. */
  externalHosts: string[];
  mapboxToken?: string;
}
