// Files sent with a prompt become text for the generator. `data` is base64 of the file's bytes;
// for a text type, data that is not valid base64 is taken as the text itself. The kind comes from
// the media type, else from the file name's extension. PDF text is extracted with unpdf
// (pdf.js, no native build, works offline), loaded at the first PDF. A PDF's streams may inflate a
// thousandfold (300 KB to 300 MB), so the server reads documents in a compile worker, within its time
// and memory limits (Providers.readDocument, server/off-loop-documents.ts), never on its event loop.

export interface FileIn {
  name?: string;
  type?: string;
  data: string;
}

export interface Document {
  name: string;
  type: string;
  text: string;
}

type Kind = "text" | "markdown" | "json" | "csv" | "pdf";

const BY_TYPE: Record<string, Kind> = {
  "text/plain": "text",
  "text/markdown": "markdown",
  "text/x-markdown": "markdown",
  "application/json": "json",
  "text/json": "json",
  "text/csv": "csv",
  "application/csv": "csv",
  "application/pdf": "pdf",
};

const BY_EXTENSION: Record<string, Kind> = {
  txt: "text",
  text: "text",
  md: "markdown",
  markdown: "markdown",
  json: "json",
  csv: "csv",
  pdf: "pdf",
};

const MEDIA: Record<Kind, string> = {
  text: "text/plain",
  markdown: "text/markdown",
  json: "application/json",
  csv: "text/csv",
  pdf: "application/pdf",
};

/** A document's text, or why it has none, as plain data (what a compile worker sends back). */
export type DocumentRead = { ok: true; document: Document } | { ok: false; code: DocumentError["code"]; message: string };

export class DocumentError extends Error {
  constructor(
    readonly code: "file.unsupported_type" | "file.not_base64" | "file.unreadable",
    message: string,
  ) {
    super(message);
    this.name = "DocumentError";
  }
}

function documentKind(file: FileIn): Kind | undefined {
  const media = file.type?.split(";")[0]?.trim().toLowerCase();
  if (media && BY_TYPE[media]) return BY_TYPE[media];
  const ext = file.name?.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  if (ext && BY_EXTENSION[ext]) return BY_EXTENSION[ext];
  if (media?.startsWith("text/")) return "text";
  return undefined;
}

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

function bytesOf(data: string, textual: boolean): Uint8Array | string {
  const compact = data.replace(/\s+/g, "");
  if (BASE64.test(data) && compact.length % 4 === 0) return new Uint8Array(Buffer.from(compact, "base64"));
  if (textual) return data;
  throw new DocumentError("file.not_base64", "data must be the file's bytes in base64");
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  try {
    const pdf = await getDocumentProxy(bytes);
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  } catch (e) {
    throw new DocumentError("file.unreadable", `not a readable PDF: ${(e as Error).message}`);
  }
}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new DocumentError("file.unreadable", "the decoded data is not UTF-8 text");
  }
}

export async function readDocument(file: FileIn, index: number): Promise<Document> {
  const kind = documentKind(file);
  const name = file.name ?? `file ${index + 1}`;
  if (!kind) {
    throw new DocumentError(
      "file.unsupported_type",
      `${name}: unsupported type ${file.type ?? "(none)"}; send text, Markdown, JSON, CSV or PDF`,
    );
  }
  const raw = bytesOf(file.data, kind !== "pdf");
  let text: string;
  if (kind === "pdf") text = await pdfText(raw as Uint8Array);
  else if (typeof raw === "string") text = raw;
  else {
    // Short plain text can look like base64 by accident; its decoding is then not UTF-8.
    try {
      text = utf8(raw);
    } catch (e) {
      if (!BASE64.test(file.data) || file.data.trim() === "") throw e;
      text = file.data;
    }
  }
  if (kind === "json") {
    try {
      text = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      throw new DocumentError("file.unreadable", `${name}: not valid JSON`);
    }
  }
  return { name, type: MEDIA[kind], text };
}

/** readDocument's answer as plain data: a DocumentError becomes `ok: false`. */
export async function readDocumentData(file: FileIn, index: number): Promise<DocumentRead> {
  try {
    return { ok: true, document: await readDocument(file, index) };
  } catch (e) {
    if (!(e instanceof DocumentError)) throw e;
    return { ok: false, code: e.code, message: e.message };
  }
}
