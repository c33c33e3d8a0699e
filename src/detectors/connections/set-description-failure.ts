import { apiFailureDetector } from './api-failures.js';

export default apiFailureDetector({
  type: 'setDescriptionFailure',
  title: 'setLocalDescription / setRemoteDescription failed',
  methods: ['setLocalDescription', 'setRemoteDescription'],
  severity: () => 'high',
  severities: ['high'],
  tags: ['bug', 'configuration'],
  description:
    'The browser refused a session description. The negotiation it belonged to did not happen: tracks, codecs or ICE changes were not applied. Usual causes: SDP edited by the application (munging), descriptions applied in the wrong signaling state (glare), or an answer that does not match the offer.',
  remedy:
    'Read the error text. Avoid editing SDP (use setCodecPreferences / setParameters instead); apply the perfect negotiation pattern to handle glare; check the signaling server does not alter descriptions.',
});
