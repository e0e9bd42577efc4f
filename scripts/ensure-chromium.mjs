// Finds a Chromium for the browser tests, installing Debian's package when
// none is present and this machine can (root with apt-get). Playwright's own
// browser download is not available here. Prints the browser's path.
import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].filter(Boolean);

const found = () => candidates.find((path) => existsSync(path));

if (!found()) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      'No Chromium found. Install one (Debian: apt-get install chromium) or set CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  console.log('Installing Chromium from Debian packages…');
  const apt = (...args) =>
    execFileSync('apt-get', args, {
      stdio: 'inherit',
      env: {...process.env, DEBIAN_FRONTEND: 'noninteractive'},
    });
  apt('update', '-qq');
  apt('install', '-y', '-qq', 'chromium');
}

const browser = found();
if (!browser) {
  console.error('Chromium is still missing after the install.');
  process.exit(1);
}
console.log(`Browser tests use ${browser}`);
