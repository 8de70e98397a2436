/** `npm run dev`: the service (restarted on change) on PORT (8080) and Vite's dev server on 5173 proxying /kyc to it. */
import { spawn } from 'node:child_process';

const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host'], { stdio: 'inherit' }),
];
console.log('dev: open http://localhost:5173/pages/openAccount.html (the service runs on :8080)');
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', (code) => code && stop());
