import { apiFailureDetector } from './api-failures.js';

export default apiFailureDetector({
  type: 'addIceCandidateFailure',
  title: 'addIceCandidate failed',
  methods: ['addIceCandidate'],
  severity: (failures) => (failures.length >= 3 ? 'high' : 'medium'),
  severities: ['high', 'medium'],
  tags: ['bug', 'connectivity'],
  description:
    'Remote ICE candidates were refused. Usually they arrived before the remote description was set, belonged to a previous ICE generation (after a restart), or named an unknown m-section. Lost candidates can make connectivity fail or be slower.',
  remedy:
    'Queue remote candidates until setRemoteDescription has completed, and drop candidates whose ufrag belongs to an older ICE generation.',
});
