/**
 * The class of a date range with times ('datetimerange'), on the picker and on its stand-in: wide
 * enough for both dates with their times (list-page.css). Apart from the picker, which loads on
 * demand.
 */
export const RANGE_WITH_TIMES_CLASS = 'range-with-times';
