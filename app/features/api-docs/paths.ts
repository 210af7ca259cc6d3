/** Where the machine-readable description is served. */
export const OPENAPI_JSON_PATH = "/api/openapi.json";
