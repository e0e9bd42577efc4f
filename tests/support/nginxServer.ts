// Serves the production build with the shipped nginx configuration for the
// browser tests (Playwright's webServer): one nginx for every worker.
//   jiti tests/support/nginxServer.ts <port> <build folder>
import {startNginx} from '../../scripts/lib/nginx-site';

const [port, buildDir] = process.argv.slice(2);
if (!port || !buildDir) {
  throw new Error('Usage: nginxServer.ts <port> <build folder>');
}

void startNginx(Number(port), buildDir).then((site) => {
  console.log(`nginx serves ${buildDir} at ${site.origin}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      site.stop();
      process.exit(0);
    });
  }
});
