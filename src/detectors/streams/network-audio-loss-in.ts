import { lossDetector } from './loss.js';

export default lossDetector('networkAudioLossIn', 'audio', 'inbound');
