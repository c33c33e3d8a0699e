import { gatheringDelayDetector } from './gathering-delay.js';

export default gatheringDelayDetector('highTurnDelay', 'relay');
