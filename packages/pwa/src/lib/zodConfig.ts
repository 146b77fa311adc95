import { z } from 'zod';

// The gateway's CSP forbids eval: without `jitless`, zod probes `new Function` on its first object
// parse, and the browser reports that probe as a Content Security Policy violation even though
// zod catches it and falls back. Imported first by main.tsx, before anything parses.
z.config({ jitless: true });
