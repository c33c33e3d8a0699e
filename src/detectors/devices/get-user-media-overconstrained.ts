import { mediaErrorDetector } from './media-errors.js';

export default mediaErrorDetector({
  type: 'getUserMediaOverconstrained',
  title: 'Media constraints cannot be satisfied',
  names: ['OverconstrainedError', 'ConstraintNotSatisfiedError'],
  tags: ['peripheral', 'configuration'],
  description:
    'No device could satisfy the required constraints (OverconstrainedError), e.g. an exact resolution, frame rate or deviceId the hardware does not offer.',
  remedy:
    'Use `ideal` instead of `exact`/`min` constraints, and retry with relaxed constraints on this error.',
});
