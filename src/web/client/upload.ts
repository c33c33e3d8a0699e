import { ApiFailure, getToken, sendJson } from './api.js';
import { h, replace, uid } from './dom.js';
import { bytes } from './format.js';
import type { Quota } from './signin.js';

interface UploadResult {
  callscopeId: string;
  callscopeUrl: string;
}

const MiB = 1024 * 1024;

/** A client-chosen fileId; getRandomValues works on plain-http origins too (randomUUID does not). */
const newFileId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** One multipart chunk; XMLHttpRequest because fetch reports no upload progress. */
function sendChunk(form: FormData, onProgress: (loaded: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/v1.0/upload');
    xhr.setRequestHeader('authorization', `Bearer ${getToken() ?? ''}`);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onerror = () => reject(new ApiFailure(0, 'network', 'The upload was interrupted.'));
    xhr.onload = () => {
      if (xhr.status === 200) return resolve();
      let body: { errorCode?: string; error?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {}
      reject(
        new ApiFailure(
          xhr.status,
          body.errorCode ?? 'http_error',
          body.error ?? `Upload failed (${xhr.status}).`,
        ),
      );
    };
    xhr.send(form);
  });
}

/** The chunked flow of POST /v1.0/upload: chunks with progress, then the assemble step. */
async function uploadFile(
  file: File,
  quota: Quota,
  progress: (fraction: number) => void,
): Promise<UploadResult> {
  // Chunks no larger than the server takes, and small enough for the bar to move on a slow link.
  const chunkSize = Math.min(quota.maxChunkSizeBytes ?? 8 * MiB, 4 * MiB);
  const fileId = newFileId();
  const count = Math.max(1, Math.ceil(file.size / chunkSize));
  for (let index = 0; index < count; index++) {
    const start = index * chunkSize;
    const form = new FormData();
    form.append('fileId', fileId);
    form.append('chunkIndex', String(index));
    form.append('chunk', file.slice(start, start + chunkSize), file.name);
    await sendChunk(form, (loaded) => progress(Math.min(1, (start + loaded) / Math.max(1, file.size))));
  }
  progress(1);
  return sendJson<UploadResult>('/v1.0/upload', 'POST', { fileId, assemble: true, fileName: file.name });
}

/** The upload panel: drag and drop or a file field, a progress bar and a live status line. */
export function uploadPanel(quota: Quota, onUploaded: () => void): HTMLElement {
  const inputId = uid('dump-file');
  const barLabel = uid('progress-label');
  const input = h('input', { id: inputId, type: 'file', name: 'dump' });
  const bar = h('progress', { max: 100, value: 0, hidden: true, 'aria-labelledby': barLabel });
  const label = h('span', { id: barLabel, class: 'visually-hidden' }, 'Upload progress');
  const result = h('div', { class: 'upload-status', role: 'status', 'aria-live': 'polite' });
  const zone = h(
    'div',
    { class: 'dropzone' },
    h('p', null, 'Drop a dump file here (webrtc-internals or rtcstats, gzip accepted), or choose one:'),
    h('label', { for: inputId }, 'Dump file'),
    input,
    h('p', { class: 'hint' }, `Up to ${bytes(quota.maxFileSizeBytes ?? null)}. Each upload uses one credit.`),
  );

  let busy = false;
  async function run(files: File[]) {
    if (busy || files.length === 0) return;
    busy = true;
    input.disabled = true;
    for (const file of files) {
      bar.hidden = false;
      bar.value = 0;
      replace(result, `Uploading ${file.name} (${bytes(file.size)})…`);
      try {
        const done = await uploadFile(file, quota, (f) => {
          bar.value = Math.round(f * 100);
          // Every chunk is in: the server analyzes during the assemble step.
          if (f >= 1) {
            bar.removeAttribute('value');
            replace(result, `Analyzing ${file.name}…`);
          }
        });
        bar.value = 100;
        replace(result, 'Stored: ', h('a', { href: new URL(done.callscopeUrl).pathname }, file.name), '.');
        onUploaded();
      } catch (error) {
        bar.hidden = true;
        replace(result, h('span', { class: 'form-error' }, `${file.name}: ${(error as Error).message}`));
      }
    }
    busy = false;
    input.disabled = false;
    input.value = '';
  }

  input.addEventListener('change', () => run([...(input.files ?? [])]));
  const panel = h(
    'section',
    { class: 'card upload', 'aria-labelledby': 'upload-title' },
    h('h2', { id: 'upload-title' }, 'Upload a dump'),
    zone,
    label,
    bar,
    result,
  );
  panel.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('dragging');
  });
  panel.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  panel.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('dragging');
    run([...(event.dataTransfer?.files ?? [])]);
  });
  return panel;
}
