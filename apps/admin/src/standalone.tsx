import { BrowserRouter, Navigate, Route, Routes } from "@portfolio/router";
import { ThemeProvider } from "@portfolio/ui/theme-provider";
import { Toaster } from "@portfolio/ui/toaster";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import AdminRoutes from "./routes";

// Development only: this section alone, inside the same providers the shell gives it.
const root = document.getElementById("root");
if (!root) throw new Error("no #root");
createRoot(root).render(
  <StrictMode>
    <ThemeProvider>
      <BrowserRouter>
        <main id="main">
          <Routes>
            <Route path="/admin/*" element={<AdminRoutes />} />
            <Route path="*" element={<Navigate to="/admin/newsletter" replace />} />
          </Routes>
        </main>
      </BrowserRouter>
      <Toaster />
    </ThemeProvider>
  </StrictMode>,
);
