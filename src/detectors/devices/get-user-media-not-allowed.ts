import { mediaErrorDetector } from './media-errors.js';

export default mediaErrorDetector({
  type: 'getUserMediaNotAllowed',
  title: 'Camera or microphone permission denied',
  names: ['NotAllowedError', 'PermissionDeniedError'],
  tags: ['peripheral', 'behavior'],
  description:
    'The user or the browser refused access to the camera, microphone or screen (NotAllowedError): the permission prompt was dismissed or blocked, an OS privacy setting denies the browser, or the page is not in a secure context.',
  // Cancelling the screen picker rejects getDisplayMedia with NotAllowedError: a choice, not a fault.
  // "Permission denied by system" (an OS privacy setting) is not a choice and stays high.
  declined: (f) => f.api === 'getDisplayMedia' && !/by system/i.test(f.errorMessage ?? ''),
  remedy:
    'Explain why access is needed before asking, detect a denied permission and show how to re-enable it (browser site settings and OS privacy settings).',
});
