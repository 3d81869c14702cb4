/** The job that builds the full-text documents of an import's sessions (session-search-job.ts). */
export const SESSION_SEARCH_JOB_KIND = "session-search";
