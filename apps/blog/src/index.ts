// Standalone dev page only. Its stylesheet is imported here, in the entry chunk: imported
// from standalone.tsx it shared a chunk with the exposed routes, and the dev manifest then
// handed it to the shell, whose own utilities it overrode.
import "./styles.css";

// Async boundary for the standalone dev page: shared modules are negotiated first.
import("./standalone");
