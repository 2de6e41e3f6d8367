// The stylesheet is part of the initial chunk, so index.html links it in <head>.
import "./styles.css";

// Async boundary: Module Federation negotiates shared modules (react, @portfolio/ui, …)
// before any of them is evaluated.
import("./bootstrap");
