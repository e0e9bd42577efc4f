import type {JsonValue} from './openapi-types';
import {
  enteringMoments,
  stateAt,
  type Story,
  type StoryStep,
} from './world-story';
import {where} from './yaml';

/**
 * Who did each step of the world's story, and through what (issue 30): the
 * rules about the actors that the states alone do not show.
 *
 * - `by` is `hub`, or a user, an API key or a store of the world that
 *   exists at the step: a user `active` then (the user's own steps, such as
 *   accepting an invitation or signing in, excepted), a key not revoked;
 * - a user disabled once acts again only after signing in anew;
 * - a user or key acts only on its own company's objects, where the world
 *   says whose the object is;
 * - a `read_only` user changes nothing, and only an owner or admin creates
 *   an API key or connects a store (PRODUCT-DECISIONS, "Roles and prices"
 *   and "Settled after the fresh reads");
 * - a store's connector goes through a process, never an operation or a
 *   screen, which are a person's or a key's;
 * - `via` names what exists: a path of screens (`Settings → Webhooks`)
 *   whose every step is a declared label of the app, a label, an operation
 *   ID (`createDispatch`) of the spec, a process the world declares (the
 *   platforms' and the Hub's own work, such as `Shopify order sync`, or an
 *   invitation's link) or an object of the world (a batch).
 */

type Fields = Record<string, JsonValue>;

export interface ActorWorld {
  objects: Record<string, {fixed?: Fields; now?: Fields}>;
  happened?: StoryStep[];
}

/** What `via` may name. */
export interface ViaNames {
  /** The app's screen labels (src/data/app-labels.yaml, `hub`). */
  labels: ReadonlySet<string>;
  /** The spec's operation IDs. */
  operationIds: ReadonlySet<string>;
  /** What else a step may go through: the platforms' and the Hub's own work, an email's link (world.yaml, `processes`). */
  processes: ReadonlySet<string>;
  /** The world's objects (a step may go through one, such as a batch). */
  objects: ReadonlySet<string>;
}

const companyOf = (fields: Fields | undefined) =>
  fields?.company_id ?? fields?.company;

/** Roles that may create API keys and connect stores. */
const keyMakers = new Set(['owner', 'admin']);

const isOperationId = (via: string) => /^[a-z]+[A-Z]\w*$/.test(via);

/** Why the step's `via` names nothing, or nothing. */
function viaProblem(via: string, names: ViaNames): string | undefined {
  if (via.includes('→')) {
    const unknown = via
      .split('→')
      .map((part) => part.trim())
      .filter((part) => !names.labels.has(part));
    return unknown.length > 0
      ? `its via "${via}" has ${unknown.map((part) => `"${part}"`).join(', ')}, which src/data/app-labels.yaml does not declare as a screen label`
      : undefined;
  }
  if (isOperationId(via)) {
    return names.operationIds.has(via)
      ? undefined
      : `its via "${via}" is no operation ID of the spec`;
  }
  return names.labels.has(via) ||
    names.processes.has(via) ||
    names.objects.has(via)
    ? undefined
    : `its via "${via}" is no screen label (src/data/app-labels.yaml), process of the world (processes in world.yaml) or object of the world`;
}

/** Why the step's actor could not have done it, or nothing. */
function actorProblem(
  step: StoryStep,
  world: ActorWorld,
  story: Story,
): string | undefined {
  const by = step.by;
  if (by === undefined || by === 'hub') {
    return undefined;
  }
  const actor = world.objects[by];
  if (!actor) {
    return `its by "${by}" is nobody of the world (a user, an API key, a store, or hub)`;
  }
  const created = actor.fixed?.created_at;
  // Someone the story never changes is as the world declares them now.
  const state = story.moments.has(by)
    ? stateAt(story, by, step.at)?.state
    : actor.now;
  if (
    (typeof created === 'string' && created > step.at) ||
    (state === undefined && story.moments.has(by))
  ) {
    return `${by} does not exist yet at ${step.at}`;
  }
  const isUser = /^usr_/.test(by);
  const own = step.object === by;
  // A user the world gives no status is as active as the story needs.
  const status = state?.status ?? (story.moments.has(by) ? null : 'active');
  if (isUser && !own && status !== 'active') {
    return `${by} is ${JSON.stringify(status)} at ${step.at}, and only an active user acts`;
  }
  if (/^api_key:/.test(by) && state?.status === 'revoked') {
    return `${by} is revoked at ${step.at}`;
  }
  const role = state?.role ?? actor.fixed?.role;
  if (isUser && !own && role === 'read_only') {
    return `${by} is read_only at ${step.at}, and a read_only user changes nothing`;
  }
  const adminsOnly = /^api_key:/.test(step.object)
    ? 'creates an API key'
    : /^str_/.test(step.object) && ['create', 'connect'].includes(step.do)
      ? 'connects a store'
      : undefined;
  if (
    isUser &&
    adminsOnly &&
    step.do !== 'edit' &&
    !keyMakers.has(String(role))
  ) {
    return `${by} is ${JSON.stringify(role)} at ${step.at}, and only an owner or admin ${adminsOnly}`;
  }
  const mine = companyOf(actor.fixed);
  const theirs = companyOf(world.objects[step.object]?.fixed);
  if (
    (isUser || /^api_key:/.test(by)) &&
    mine !== undefined &&
    theirs !== undefined &&
    mine !== theirs
  ) {
    return `${by} is of ${String(mine)}, but ${step.object} is ${String(theirs)}'s`;
  }
  return undefined;
}

/**
 * Why a store's connector goes through what only a person or an API key
 * uses (an operation, a screen), or nothing: its work is a process of the
 * world (`Shopify sync`), and a resync someone asks for is that person's
 * step. (The Hub's own steps may name the screen whose action they follow
 * from: its dispatch moving an order on after **Create dispatch**.)
 */
function machineViaProblem(
  step: StoryStep,
  names: ViaNames,
): string | undefined {
  const {by, via} = step;
  if (
    via === undefined ||
    by === undefined ||
    !/^str_/.test(by) ||
    names.processes.has(via)
  ) {
    return undefined;
  }
  const uses = isOperationId(via)
    ? 'an operation'
    : via.includes('→') || names.labels.has(via)
      ? 'a screen'
      : undefined;
  return uses
    ? `${by}'s connector works through a process (processes in world.yaml), but its via "${via}" is ${uses}, which a person or an API key uses: the step is theirs`
    : undefined;
}

/**
 * When the step's user was last disabled before it, if they have not
 * signed in since: disabling a user signs them out everywhere, so acting
 * again takes a new sign-in after they are enabled.
 */
function signedOutSince(
  step: StoryStep,
  world: ActorWorld,
  story: Story,
): string | undefined {
  const by = step.by ?? '';
  if (!/^usr_/.test(by) || step.object === by) {
    return undefined;
  }
  const disabled = enteringMoments(story, by, 'disabled')
    .filter((moment) => moment.at < step.at)
    .at(-1)?.at;
  if (disabled === undefined) {
    return undefined;
  }
  const signedIn = (world.happened ?? []).some(
    (other) =>
      other.object === by &&
      other.do === 'sign_in' &&
      other.at > disabled &&
      other.at <= step.at,
  );
  return signedIn ? undefined : disabled;
}

/** One line per step whose actor or `via` breaks a rule, at the step's line. */
export function actorProblems(
  world: ActorWorld,
  story: Story,
  names: ViaNames,
  file: string,
): string[] {
  // A user signed out is named once, at their first step after it.
  const signedOut = new Set<string>();
  return (world.happened ?? []).flatMap((step) => {
    const disabled = signedOutSince(step, world, story);
    const first =
      disabled !== undefined && !signedOut.has(`${step.by}|${disabled}`);
    if (first) {
      signedOut.add(`${step.by}|${disabled}`);
    }
    const problem =
      (first
        ? `${step.by} was disabled at ${disabled}, which signed them out, and has not signed in since (a sign_in step)`
        : undefined) ??
      actorProblem(step, world, story) ??
      (step.via === undefined ? undefined : viaProblem(step.via, names)) ??
      machineViaProblem(step, names);
    return problem
      ? [
          `${where(step, file)}: the step at ${step.at} on ${step.object}: ${problem}. Correct the step.`,
        ]
      : [];
  });
}
