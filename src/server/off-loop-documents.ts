// A Draft's documents are read in a compile worker (the "document" job, on the readers' lane of
// compile-pool/pool.ts), never on the event loop: pdf.js parses and inflates a PDF in JavaScript,
// and a 300 KB PDF whose page inflates to 300 MB held the event loop 39 s of CPU and grew the server
// by 586 MB. In the worker it is stopped at the compile time or memory limit (422 naming the file).
import { DocumentError, type DocumentRead, type FileIn } from "../providers/documents.js";
import type { Providers } from "../providers/registry.js";

/** `providers` reading each document with `readOffLoop`: a document without text is the DocumentError it was in the worker. */
export function offLoopDocuments(providers: Providers, readOffLoop: (file: FileIn, index: number) => Promise<DocumentRead>): Providers {
  return {
    ...providers,
    async readDocument(file, index) {
      const read = await readOffLoop(file, index);
      if (!read.ok) throw new DocumentError(read.code, read.message);
      return read.document;
    },
  };
}
