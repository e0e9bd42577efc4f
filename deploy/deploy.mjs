// @ts-check
// Publishes builds as releases for the nginx configuration in deploy/nginx/,
// and rolls back. Safe to run again after any failure, a crash included:
//   node deploy/deploy.mjs --build build --root /srv/help [--keep-days 14]
//     [--site-url https://help.example.com --base-url /help/ --search local]
//   node deploy/deploy.mjs --rollback --root /srv/help
// The first deploy records the host's site URL, base path and search
// backend (--site-url is needed then; the others default to the shipped
// configuration's /help/ and local search) in host.json; every build must
// match them.
// nginx options (both commands): --nginx <binary> (default nginx),
// --nginx-conf <file> (passed as -c), --nginx-pid <file> (default
// /run/nginx.pid). --no-reload leaves nginx alone (a root no nginx serves).
// --drop-rollback (deploy) removes the rollback target before the space
// check, for a disk that holds only two releases and a deploy.
//
// Layout under the root:
//   releases/<name>/release.json      what the release is (see below)
//   releases/<name>/<base path>/...   the build, under its own base path
//   releases/.staging-<name>/         a release being written; renamed into
//                                     place only when complete
//   releases/.removing-<name>/        a release being removed (renamed
//                                     aside first, then deleted)
//   current -> releases/<name>        the live release
//   policies.conf                     nginx map: release folder -> its CSP
//   host.json                         the site URL, base path and search
//                                     backend this host serves
//   deploy.lock/<n>                   the lock: numbered generations, each
//                                     naming its holder (lib/lock.mjs)
//
// Each release serves with its own Content-Security-Policy: nginx resolves
// `current` once per request, serves the page from that folder and picks
// the policy by it, so a page and its policy always come from the same
// release. The deploy writes
// the new release's policy, tests and reloads nginx, and only then switches.
//
// A tab opened before a deploy still loads the chunks it knows: hashed files
// (assets/, the search index) that left the live build are hard-linked into
// each new release until they have not been served by a live build for
// --keep-days; a rollback links them into the release it returns to. Only
// the live release and the one it replaced are kept.
//
// Every mistake an operator can make (a bad option, a build for another
// host, a full disk, nginx not running) ends with one sentence saying what
// to do, and exit status 2.
import {parseArgs} from 'node:util';
import {DeployError} from './lib/io.mjs';
import {
  defaultKeepDays,
  deploy,
  rollback,
  validateKeepDays,
} from './releases.mjs';

/** Exit status for a mistake the operator can fix (the message says how). */
const operatorErrorStatus = 2;
const usage =
  'node deploy/deploy.mjs --build build --root /srv/help [--keep-days 14] [--site-url <url>] or node deploy/deploy.mjs --rollback --root /srv/help';
const searchBackends = ['local', 'algolia'];

async function main() {
  const {values} = parseArgs({
    options: {
      build: {type: 'string', default: 'build'},
      root: {type: 'string'},
      'keep-days': {type: 'string', default: String(defaultKeepDays)},
      rollback: {type: 'boolean', default: false},
      'site-url': {type: 'string'},
      'base-url': {type: 'string'},
      search: {type: 'string'},
      nginx: {type: 'string', default: 'nginx'},
      'nginx-conf': {type: 'string'},
      'nginx-pid': {type: 'string'},
      'no-reload': {type: 'boolean', default: false},
      'drop-rollback': {type: 'boolean', default: false},
    },
  });
  if (!values.root) {
    throw new DeployError(`Name the release root with --root, as in ${usage}.`);
  }
  const search = values.search;
  if (search !== undefined && search !== 'local' && search !== 'algolia') {
    throw new DeployError(
      `--search must be one of ${searchBackends.join(', ')}, not "${search}".`,
    );
  }
  const common = {
    root: values.root,
    reload: !values['no-reload'],
    nginx: values.nginx,
    nginxConf: values['nginx-conf'],
    nginxPid: values['nginx-pid'],
    keepDays: validateKeepDays(values['keep-days']),
  };
  if (values.rollback) {
    await rollback(common);
  } else {
    await deploy({
      ...common,
      build: values.build,
      dropRollback: values['drop-rollback'],
      host: {
        url: values['site-url'],
        baseUrl: values['base-url'],
        search,
      },
    });
  }
}

/**
 * An error the operator can act on: ours (a system error included, which
 * the deploy words with what it had done), or a bad option.
 * @param {unknown} error
 */
function operatorMessage(error) {
  if (error instanceof DeployError) {
    return error.message;
  }
  if (
    error instanceof Error &&
    'code' in error &&
    String(error.code).startsWith('ERR_PARSE_ARGS_')
  ) {
    const first = error.message.split('\n')[0]?.replace(/\.$/, '');
    return `${first}: give each option its value, as in ${usage}.`;
  }
  return undefined;
}

main().catch((/** @type {unknown} */ error) => {
  const message = operatorMessage(error);
  if (message === undefined) {
    throw error;
  }
  console.error(message);
  process.exit(operatorErrorStatus);
});
