import { mediaErrorDetector } from './media-errors.js';

export default mediaErrorDetector({
  type: 'getUserMediaOtherError',
  title: 'Media request failed',
  names: 'other',
  tags: ['peripheral', 'bug'],
  description:
    'A getUserMedia or getDisplayMedia request failed with another error: AbortError (the device failed while starting), SecurityError (media access disabled for the document), TypeError (invalid constraints, e.g. neither audio nor video requested).',
  remedy:
    "Read the error name and message; TypeError and SecurityError point at the application code or the page's permissions policy.",
});
