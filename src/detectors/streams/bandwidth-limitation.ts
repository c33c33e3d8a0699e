import { limitationDetector } from './quality-limitation.js';

export default limitationDetector('bandwidthLimitation', 'bandwidth');
