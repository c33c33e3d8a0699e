import { lossDetector } from './loss.js';

export default lossDetector('networkVideoLossOut', 'video', 'outbound');
