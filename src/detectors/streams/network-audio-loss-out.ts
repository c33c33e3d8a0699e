import { lossDetector } from './loss.js';

export default lossDetector('networkAudioLossOut', 'audio', 'outbound');
