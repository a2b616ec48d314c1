// What scripts/bench.mjs reads in Chromium (page.evaluate): the benchmark pages (bench/browser/*.js) publish their
// figures on window, and bench.mjs marks the chapter's milestones there itself. Each is the JSON its writer
// documents, read and printed as it comes.
interface Window {
  __cold: any;
  __profile: any;
  __bench: any;
  __gemm: any;
  __train: any;
  __firstNumber: any;
  __tableA: any;
  __part4: any;
  __part4Started: any;
}
