// Chromium's trace of a page's threads (CDP Tracing), for the figures that need a thread's own CPU time: the
// disabled-by-default category makes Chromium record each task's "tdur" (what the thread ran, not what it waited
// for a core on a shared machine). Used by the grading bench and the responsiveness spec.

/** Starts tracing `page`; stop() ends it and resolves to the trace's events. */
export async function startTrace(page) {
  const client = await page.context().newCDPSession(page);
  await client.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReturnAsStream' });
  return {
    /** @returns {Promise<any[]>} */
    stop: () =>
      new Promise((resolve) => {
        client.on('Tracing.tracingComplete', async ({ stream }) => {
          let data = '';
          for (;;) {
            const chunk = await client.send('IO.read', { handle: stream });
            data += chunk.data;
            if (chunk.eof) break;
          }
          const parsed = JSON.parse(data);
          resolve(parsed.traceEvents ?? parsed);
        });
        client.send('Tracing.end');
      }),
  };
}
