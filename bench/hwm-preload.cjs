// Preloaded with `node -r bench/hwm-preload.cjs ...`: at exit, writes the
// process's peak and current resident memory (VmHWM, VmRSS, in kB from
// /proc/self/status) and its CPU time to the file named by MWQ_BENCH_HWM_FILE.
// Written beside it and renamed, so a reader sees the whole file or none: a
// test that kills the process with SIGKILL during this write (the resume
// tests do, at the last answer) must never read half a file.
'use strict';
const fs = require('node:fs');
const file = process.env.MWQ_BENCH_HWM_FILE;
if (file) {
  process.on('exit', () => {
    try {
      const status = fs.readFileSync('/proc/self/status', 'utf8');
      const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
      const cpu = process.cpuUsage();
      const partial = `${file}.${process.pid}.part`;
      fs.writeFileSync(partial, JSON.stringify({ hwmKB: kb('VmHWM'), rssKB: kb('VmRSS'), cpuMs: (cpu.user + cpu.system) / 1000 }));
      fs.renameSync(partial, file);
    } catch {
      /* nothing to report */
    }
  });
}
