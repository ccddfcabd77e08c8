import { apiPath } from "../api/fileSchemas.js";
import type { ApiResponses } from "../api/responseTypes.js";

export type DashboardData = {
  summary: ApiResponses["summary.json"];
  rollups: {
    hourly: ApiResponses["rollup/hourly.json"];
    daily: ApiResponses["rollup/daily.json"];
    monthly: ApiResponses["rollup/monthly.json"];
  };
  byModel: ApiResponses["rollup/by-model-daily.json"];
  byProvider: ApiResponses["rollup/by-provider-daily.json"];
  stuck: ApiResponses["stuck-sessions.json"];
  meta: ApiResponses["meta.json"];
};

/** Fetches every file of the API, published beside this page (`api/throughput/`), at once. */
export async function loadData(base: string): Promise<DashboardData> {
  const get = async <Path extends keyof ApiResponses>(path: Path): Promise<ApiResponses[Path]> => {
    const url = new URL(`${apiPath}/${path}`, base);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url.pathname} answered HTTP ${response.status}`);
    return (await response.json()) as ApiResponses[Path];
  };
  const [summary, hourly, daily, monthly, byModel, byProvider, stuck, meta] = await Promise.all([
    get("summary.json"),
    get("rollup/hourly.json"),
    get("rollup/daily.json"),
    get("rollup/monthly.json"),
    get("rollup/by-model-daily.json"),
    get("rollup/by-provider-daily.json"),
    get("stuck-sessions.json"),
    get("meta.json"),
  ]);
  return { summary, rollups: { hourly, daily, monthly }, byModel, byProvider, stuck, meta };
}
