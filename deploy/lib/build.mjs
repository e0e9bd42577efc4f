// @ts-check
// A build checked as the server will read it, before anything under the
// release root changes: every entry is a regular file or a folder inside
// the build (nginx would follow a symbolic link, the copy would not), the
// files the server needs are there, its deployment facts and policy are
// readable, and every file a page refers to is in the build itself, never
// borrowed from an older release; and the policy's connect-src names the
// sandbox the facts record.
import {lstat, readFile, readdir, readlink, realpath} from 'node:fs/promises';
import path from 'node:path';
import {
  contentHash,
  deploymentFactsFile,
  hashedFolder,
  readDeploymentFacts,
  searchIndexFile,
  securityHeadersFile,
} from '../../src/model/deployment-facts.mjs';
import {DeployError} from './io.mjs';
import {
  pageResources,
  runtimeChunks,
  searchIndexPieces,
  searchIndexes,
  searchManifest,
  sitemapPages,
  styleResources,
} from './references.mjs';

/** @typedef {import('../../src/model/deployment-facts.mjs').DeploymentFacts} DeploymentFacts */

/** Files without which nginx or the site cannot serve a release. */
const requiredFiles = [
  deploymentFactsFile,
  securityHeadersFile,
  'index.html',
  '404.html',
  'sitemap.xml',
];
/** The bundler's runtime chunk, which names every chunk loaded on demand. */
export const runtimeChunk = new RegExp(
  `^${hashedFolder}/js/runtime~main\\.${contentHash}\\.js$`,
);
/** How many missing files a message names before it counts the rest. */
const namedInMessage = 5;

/** The search index and its precompressed copies. */
const searchIndex = new RegExp(`^${searchIndexFile}(\\.br|\\.gz)?$`);

/**
 * Hashed files: the chunk and asset folder, and the search index.
 * @param {string} relative
 */
export const isHashed = (relative) =>
  relative.startsWith(`${hashedFolder}${path.sep}`) ||
  searchIndex.test(relative);

/**
 * Every regular file under `dir`, as paths relative to it.
 * @param {string} dir
 */
export async function filesUnder(dir) {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true});
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)),
    );
}

/**
 * `items`, the first few named and the rest counted.
 * @param {string[]} items
 */
const listed = (items) =>
  `${items.slice(0, namedInMessage).join(', ')}${items.length > namedInMessage ? ` and ${items.length - namedInMessage} more` : ''}`;

/**
 * The build's regular files, relative to it (with `/`); a DeployError names
 * every entry that is neither a regular file nor a folder.
 * @param {string} buildDir
 * @param {string} shown How the build is named in messages.
 */
async function regularFiles(buildDir, shown) {
  const entries = await readdir(buildDir, {
    withFileTypes: true,
    recursive: true,
  });
  /** @type {string[]} */
  const files = [];
  /** @type {string[]} */
  const refused = [];
  for (const entry of entries) {
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(buildDir, full).split(path.sep).join('/');
    if (entry.isFile()) {
      files.push(relative);
    } else if (entry.isSymbolicLink()) {
      refused.push(
        `${relative} is a symbolic link (to ${await readlink(full)})`,
      );
    } else if (!entry.isDirectory()) {
      refused.push(
        `${relative} is not a regular file (a device, pipe or socket)`,
      );
    }
  }
  if (refused.length > 0) {
    throw new DeployError(
      `--build ${shown} holds what the server must not follow: ${listed(refused)}; a build holds only regular files and folders, so build again (npm run build) or copy it without links.`,
    );
  }
  return files;
}

/**
 * The files the build's pages, stylesheets and scripts refer to that it
 * does not hold (paths inside the build), or a DeployError when its
 * bundler runtime cannot be read.
 * @param {string} buildDir
 * @param {Set<string>} files
 * @param {DeploymentFacts} facts
 * @param {string} shown
 */
async function missingReferences(buildDir, files, facts, shown) {
  const {baseUrl} = facts;
  /** @param {string} relative */
  const read = (relative) => readFile(path.join(buildDir, relative), 'utf8');
  /**
   * The file nginx serves for an address (try_files $uri $uri/index.html
   * $uri.html), or undefined.
   * @param {string} address
   */
  const served = (address) => {
    const relative = decodeURIComponent(address.slice(baseUrl.length));
    const folder = relative === '' || relative.endsWith('/');
    return [
      ...(folder ? [] : [relative, `${relative}.html`]),
      `${relative}${folder ? '' : '/'}index.html`,
    ].find((candidate) => files.has(candidate));
  };
  /** @type {Map<string, string>} what is missing, and what refers to it */
  const missing = new Map();
  /**
   * @param {string} address
   * @param {string} from
   */
  const need = (address, from) => {
    if (!address.startsWith(baseUrl)) {
      missing.set(
        address,
        `${from}, not under this build's address ${facts.url.replace(/\/$/, '')}${baseUrl}`,
      );
    } else if (!served(address)) {
      const file = address.slice(baseUrl.length);
      missing.set(file, missing.get(file) ?? from);
    }
  };

  for (const page of sitemapPages(await read('sitemap.xml'), facts.url)) {
    need(page, 'sitemap.xml');
  }
  const styles = new Set();
  for (const page of [...files].filter((file) => file.endsWith('.html'))) {
    for (const address of pageResources(await read(page), baseUrl)) {
      need(address, page);
      if (address.endsWith('.css')) {
        styles.add(address);
      }
    }
  }
  for (const address of styles) {
    const file = served(address);
    if (file) {
      for (const loaded of styleResources(await read(file), address, baseUrl)) {
        need(loaded, file);
      }
    }
  }
  const runtimes = [...files].filter((file) => runtimeChunk.test(file));
  for (const runtime of runtimes) {
    const chunks = runtimeChunks(await read(runtime));
    if (!chunks) {
      throw new DeployError(
        `--build ${shown}: ${runtime} does not name its chunks the way deploy/lib/references.mjs reads them (a new bundler?), so the build cannot be checked: update runtimeChunks there, and deploy again.`,
      );
    }
    for (const chunk of chunks) {
      need(`${baseUrl}${chunk}`, runtime);
    }
  }
  if (facts.search === 'local') {
    const scripts = [...files].filter(
      (file) => file.startsWith(`${hashedFolder}/js/`) && file.endsWith('.js'),
    );
    /** @type {Map<string, string>} each index named, and a script naming it */
    const indexes = new Map();
    for (const script of scripts) {
      for (const index of searchIndexes(await read(script))) {
        if (!indexes.has(index)) {
          indexes.set(index, script);
        }
      }
    }
    // The site reads an index in pieces, from the folder of its name, in
    // each folder whose pages read one of their own.
    for (const [index, script] of indexes) {
      for (const under of facts.searchFolders) {
        const folder = `${under}${index.replace(/\.json$/, '')}`;
        const manifest = `${folder}/${searchManifest}`;
        need(`${baseUrl}${manifest}`, script);
        if (files.has(manifest)) {
          const pieces = searchIndexPieces(await read(manifest));
          if (!pieces) {
            missing.set(
              manifest,
              `${script}, which reads it as the manifest of its pieces, but it is not one`,
            );
          }
          for (const piece of pieces ?? []) {
            need(`${baseUrl}${folder}/${piece}`, manifest);
          }
        }
      }
    }
    if (indexes.size === 0 && scripts.length > 0) {
      missing.set(
        'search-index-<hash>/manifest.json',
        'the local search, whose code names no index',
      );
    }
  }
  return [...missing].map(([file, from]) => `${file} (from ${from})`);
}

/**
 * The build's facts and policy, or a DeployError saying, in one line, what
 * is wrong with it.
 * @param {string} build The --build folder as given.
 */
export async function checkBuild(build) {
  const buildDir = await realpath(build).catch(() => undefined);
  const info = buildDir ? await lstat(buildDir) : undefined;
  if (!buildDir || !info?.isDirectory()) {
    throw new DeployError(`--build ${build} is not a folder.`);
  }
  const files = new Set(await regularFiles(buildDir, build));
  const absent = requiredFiles.filter((file) => !files.has(file));
  if (absent.length > 0) {
    throw new DeployError(
      `--build ${build} is not a complete build of this site: missing ${absent.join(', ')}. Run npm run build.`,
    );
  }
  /** @type {DeploymentFacts} */
  let facts;
  try {
    facts = readDeploymentFacts(buildDir);
  } catch (error) {
    throw new DeployError(
      error instanceof Error ? error.message : String(error),
    );
  }
  const policy = await readPolicy(buildDir);
  if (!policy?.includes('script-src')) {
    throw new DeployError(
      `--build ${build}: ${securityHeadersFile} has no Content-Security-Policy; run npm run build again.`,
    );
  }
  // Try it sends the reader's test key to the sandbox the facts record; a
  // policy that does not name it would block every Send.
  if (!directiveSources(policy, 'connect-src')?.includes(facts.sandbox)) {
    throw new DeployError(
      `--build ${build}: its Content-Security-Policy's connect-src does not name the sandbox ${facts.sandbox} its ${deploymentFactsFile} records, so Try it could not send there; run npm run build again.`,
    );
  }
  const missing = await missingReferences(buildDir, files, facts, build);
  if (missing.length > 0) {
    throw new DeployError(
      `--build ${build} is incomplete: ${missing.length} file(s) its pages need are not in it: ${listed(missing)}. Run npm run build again (nothing is taken from earlier releases).`,
    );
  }
  return {
    buildDir,
    facts,
    files: [...files],
    // A folder inside the release: the facts hold no "." or ".." segment.
    folder: facts.baseUrl.replace(/^\//, ''),
  };
}

/**
 * The sources of one directive of a policy (`connect-src` → `["'self'",
 * …]`), or undefined when it has none.
 * @param {string} policy
 * @param {string} name
 * @returns {string[] | undefined}
 */
export const directiveSources = (policy, name) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directive]) => directive === name)
    ?.slice(1);

/**
 * The Content-Security-Policy a build's post-build step computed.
 * @param {string} siteDir
 * @returns {Promise<string | undefined>}
 */
export async function readPolicy(siteDir) {
  const file = path.join(siteDir, securityHeadersFile);
  const headers = await readFile(file, 'utf8')
    .then((text) => new Map(JSON.parse(text)))
    .catch(() => undefined);
  const csp = headers?.get('Content-Security-Policy');
  return typeof csp === 'string' ? csp : undefined;
}
