// The CLI's exit codes, defined once.
export const EXIT = {
  /** Done, no API errors. */
  ok: 0,
  /** Errors found (check), API errors or a failed run (run), a fetch or write that failed. */
  failed: 1,
  /** The command line is wrong, or a file cannot be read: nothing was done. */
  usage: 2,
  /** Interrupted (Ctrl+C), as shells report SIGINT. */
  cancelled: 130,
} as const;
