import { mediaErrorDetector } from './media-errors.js';

export default mediaErrorDetector({
  type: 'getUserMediaNotReadable',
  title: 'Device in use or unreadable',
  names: ['NotReadableError', 'TrackStartError'],
  tags: ['peripheral'],
  description:
    'The device exists and access was allowed, but it could not be started (NotReadableError): another application holds the camera (common on Windows), a hardware or driver error occurred, or the OS blocked it.',
  remedy: 'Ask the user to close other apps using the camera or microphone; offer choosing another device.',
});
