// `npm run build`: the web app (apps/web/dist, always a production build) and the compiled server
// (apps/server/dist). Production then runs `node apps/server/dist/main.js` (see docs/operations.md).
import { spawnSync } from 'node:child_process';
import { buildServer } from './build-server.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const web = spawnSync(npm, ['run', 'build', '-w', '@kita/web'], { stdio: 'inherit' });
if (web.status !== 0) process.exit(web.status ?? 1);
await buildServer();
