// Publishes builds as releases for the nginx configuration in deploy/nginx/,
// and rolls back. Safe to run again after any failure:
//   node deploy/deploy.mjs --build build --root /srv/help [--keep-days 14]
//   node deploy/deploy.mjs --rollback --root /srv/help
// nginx options (both commands): --nginx <binary> (default nginx),
// --nginx-conf <file> (passed as -c), --nginx-pid <file> (default
// /run/nginx.pid). --no-reload leaves nginx alone (a root no nginx serves).
//
// Layout under the root:
//   releases/<name>/release.json      what the release is (see below)
//   releases/<name>/<base path>/...   the build, under its own base path
//   releases/.staging-<name>/         a release being written; renamed into
//                                     place only when complete
//   current -> releases/<name>        the live release
//   policies.conf                     nginx map: release folder -> its CSP
//   deploy.lock                       held while a deploy runs (its pid)
//
// Each release serves with its own Content-Security-Policy: nginx picks it by
// the folder `current` resolves to for that request ($realpath_root), so a
// page and its policy always come from the same release. The deploy writes
// the new release's policy, tests and reloads nginx, and only then switches.
//
// A tab opened before a deploy still loads the chunks it knows: hashed files
// (assets/, the search index) that left the live build are hard-linked into
// each new release until they have not been served by a live build for
// --keep-days. Only the live release and the one it replaced are kept.
import {parseArgs} from 'node:util';
import {
  DeployError,
  defaultKeepDays,
  deploy,
  rollback,
  validateKeepDays,
} from './releases.mjs';

async function main() {
  const {values} = parseArgs({
    options: {
      build: {type: 'string', default: 'build'},
      root: {type: 'string'},
      'keep-days': {type: 'string', default: String(defaultKeepDays)},
      rollback: {type: 'boolean', default: false},
      nginx: {type: 'string', default: 'nginx'},
      'nginx-conf': {type: 'string'},
      'nginx-pid': {type: 'string'},
      'no-reload': {type: 'boolean', default: false},
    },
  });
  if (!values.root) {
    throw new DeployError(
      'Usage: node deploy/deploy.mjs --build build --root /srv/help [--keep-days 14] | --rollback --root /srv/help',
    );
  }
  const common = {
    root: values.root,
    reload: !values['no-reload'],
    nginx: values.nginx,
    nginxConf: values['nginx-conf'],
    nginxPid: values['nginx-pid'],
  };
  if (values.rollback) {
    await rollback(common);
  } else {
    await deploy({
      ...common,
      build: values.build,
      keepDays: validateKeepDays(values['keep-days']),
    });
  }
}

main().catch((error) => {
  console.error(
    error instanceof DeployError ? error.message : (error.stack ?? error),
  );
  process.exit(1);
});
