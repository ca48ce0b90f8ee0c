// Imported first by the benchmarks that run the server in their own process: a log line per
// request would be measured with it (LOG_LEVEL still wins when set).
process.env.LOG_LEVEL ??= 'warn';
