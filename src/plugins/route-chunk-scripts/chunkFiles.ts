import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/** The JS files of each named chunk group (entries included) of the client build. */
export type ChunkFiles = Record<string, string[]>;

const CHUNK_FILES = 'route-chunk-files.json';

export function writeChunkFiles(generatedFilesDir: string, files: ChunkFiles): void {
  writeFileSync(path.join(generatedFilesDir, CHUNK_FILES), JSON.stringify(files));
}

export function readChunkFiles(generatedFilesDir: string): ChunkFiles {
  return JSON.parse(readFileSync(path.join(generatedFilesDir, CHUNK_FILES), 'utf8')) as ChunkFiles;
}
