// `npm start`: builds the web app and the server if missing or stale, then runs the compiled
// server (apps/server/dist/server.js) in this process, which migrates, seeds demo data (embedded
// default) and serves the app and API on http://localhost:3000. With WEB_DIST_DIR set the server
// serves that folder, and apps/web is not built.
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, serverEntry } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

if (!process.env.WEB_DIST_DIR) ensureWebBuild();
ensureServerBuild();
await import(pathToFileURL(serverEntry('server')).href);
