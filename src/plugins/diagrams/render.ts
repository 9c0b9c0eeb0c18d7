/**
 * Mermaid → SVG with beautiful-mermaid, in a worker thread. The package is an
 * ES module with only an `import` export, while the site config and its
 * plugins run through jiti, which turns `import()` into `require()`; a worker
 * is a plain Node.js context where `import()` works. One worker serves the
 * whole build; it ends once it has been idle for a moment (an unref'd worker
 * still holds the process open), and starts again when asked.
 */
import {Worker} from 'node:worker_threads';

export type RenderOptions = Readonly<Record<string, string | number | boolean>>;

const WORKER = `
const {parentPort} = require('node:worker_threads');
import('beautiful-mermaid').then(({renderMermaidSVG}) => {
  parentPort.on('message', ({id, source, options}) => {
    try {
      parentPort.postMessage({id, svg: renderMermaidSVG(source, options)});
    } catch (error) {
      parentPort.postMessage({id, error: String((error && error.message) || error)});
    }
  });
  parentPort.postMessage({id: 0});
});
`;

type Reply = {id: number; svg?: string; error?: string};
type Pending = {resolve: (svg: string) => void; reject: (error: Error) => void};

/** Idle time after which the worker ends, in ms. */
const IDLE_MS = 1000;

let worker: Worker | undefined;
let ready: Promise<void> | undefined;
let idle: NodeJS.Timeout | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function start(): Promise<void> {
  if (ready) return ready;
  const thread = new Worker(WORKER, {eval: true});
  worker = thread;
  thread.unref();
  thread.on('exit', () => {
    if (worker === thread) {
      worker = undefined;
      ready = undefined;
    }
  });
  ready = new Promise((resolve, reject) => {
    thread.on('message', (reply: Reply) => {
      if (reply.id === 0) {
        resolve();
        return;
      }
      const request = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) {
        idle = setTimeout(() => {
          // Forget it first: a request from now on starts a new worker.
          if (worker === thread) {
            worker = undefined;
            ready = undefined;
          }
          void thread.terminate();
        }, IDLE_MS);
        idle.unref();
      }
      if (reply.error !== undefined) request?.reject(new Error(reply.error));
      else request?.resolve(reply.svg ?? '');
    });
    thread.on('error', (error) => {
      reject(error);
      for (const request of pending.values()) request.reject(error);
      pending.clear();
      ready = undefined;
    });
  });
  return ready;
}

export async function renderMermaid(source: string, options: RenderOptions): Promise<string> {
  clearTimeout(idle);
  await start();
  const id = nextId;
  nextId += 1;
  return new Promise((resolve, reject) => {
    pending.set(id, {resolve, reject});
    worker?.postMessage({id, source, options});
  });
}
