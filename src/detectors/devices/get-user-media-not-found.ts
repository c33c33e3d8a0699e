import { mediaErrorDetector } from './media-errors.js';

export default mediaErrorDetector({
  type: 'getUserMediaNotFound',
  title: 'No camera or microphone found',
  names: ['NotFoundError', 'DevicesNotFoundError'],
  tags: ['peripheral'],
  description:
    'No device of the requested kind was available (NotFoundError): no camera or microphone connected, or all disabled, or a specific deviceId no longer exists.',
  remedy:
    'Check devices with enumerateDevices before requesting; fall back to audio-only or to the default device when a saved deviceId is gone.',
});
