/** How often the System health page reads the health and the pipeline again while it is open. */
export const DASHBOARD_REFRESH_MS = 15_000;
