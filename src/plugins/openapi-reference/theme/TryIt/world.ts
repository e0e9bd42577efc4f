// The sample world's answers in the browser: its responder, and each release's world, loaded on the first Send to the world, and what the reader's requests changed, kept for the tab.
import {
  newWorldMemory,
  worldResponse,
} from '../../../../lib/try-it/world-server';
import {tryItWorldFile} from '../../../../lib/try-it/modules';
import type {
  FieldProblem,
  TryOperation,
  TryRequest,
  TryResponse,
} from '../../../../lib/try-it/types';
import manifest from '@generated/openapi-reference/try/index.json';

type World = Parameters<typeof worldResponse>[0]['world'];
type WorldMemory = ReturnType<typeof newWorldMemory>;

/** Each release's world (a file of the build, beside its operations' modules), loaded once. */
const worlds = new Map<string, Promise<World>>();
/** What the requests of this tab changed, by release: every form of the page sees it. */
const memories = new Map<string, WorldMemory>();

async function fetchWorld(baseUrl: string, release: string): Promise<World> {
  const hash = manifest.worlds[release];
  if (hash === undefined) {
    throw new Error(`the build wrote no sample world for release ${release}`);
  }
  const response = await fetch(
    `${baseUrl}${tryItWorldFile(manifest.folder, release, hash)}`,
  );
  if (!response.ok) {
    throw new Error(`the world's file answered ${response.status}`);
  }
  return (await response.json()) as World;
}

function loadWorld(baseUrl: string, release: string): Promise<World> {
  let world = worlds.get(release);
  if (!world) {
    world = fetchWorld(baseUrl, release);
    // A failed load is tried again on the next Send.
    world.catch(() => worlds.delete(release));
    worlds.set(release, world);
  }
  return world;
}

/** The world's answer to a request, as a server holding the world would send it. */
export async function worldAnswer(
  baseUrl: string,
  operation: TryOperation,
  request: TryRequest,
  problems: FieldProblem[],
): Promise<TryResponse> {
  const world = await loadWorld(baseUrl, operation.release);
  let memory = memories.get(operation.release);
  if (!memory) {
    memory = newWorldMemory();
    memories.set(operation.release, memory);
  }
  return worldResponse({operation, request, problems, world, memory});
}
