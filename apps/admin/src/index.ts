// Async boundary for the standalone dev page: shared modules are negotiated first.
import("./standalone");
