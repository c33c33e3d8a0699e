import { apiFailureDetector } from './api-failures.js';

export default apiFailureDetector({
  type: 'createDescriptionFailure',
  title: 'createOffer / createAnswer failed',
  methods: ['createOffer', 'createAnswer'],
  severity: () => 'high',
  severities: ['high'],
  tags: ['bug'],
  description:
    'The browser could not create an offer or an answer, usually because it was called in the wrong signaling state (createAnswer without a remote offer) or on a closed connection.',
  remedy: 'Check the signaling state before calling, and serialize negotiation steps so they do not overlap.',
});
