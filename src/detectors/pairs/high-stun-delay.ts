import { gatheringDelayDetector } from './gathering-delay.js';

export default gatheringDelayDetector('highStunDelay', 'srflx');
