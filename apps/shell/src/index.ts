// The stylesheet is part of the initial chunk, so index.html links it in <head>.
import "./styles.css";
import "./bootstrap";
