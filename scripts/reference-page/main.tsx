/**
 * The bench's floor (scripts/bench.ts): a bare React 19 page, built and served like the product's pages, so the
 * product's Lighthouse figures can be read against what React itself costs on the same machine in the same run.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Page() {
  return (
    <main style={{ fontFamily: 'sans-serif', padding: 16 }}>
      <h1>Open your account online</h1>
      <p>Choose the opening method that matches the ID you hold.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Page />
  </StrictMode>,
);
