-- Demo data for a fresh local database (the local stack and `supabase db reset` run this): two
-- exams written at the same time, as in a school's exam week. The first (the exam the migrations
-- made, "Holdfast Assessment") has a sitting open now and for the next 7 days, 50 multiple-choice
-- questions and 10 unused login codes; the second, "Physics (Year 10)", a sitting of its own open
-- at the same time, 20 questions and 10 codes. Codes are drawn from a cryptographic random source
-- (see them in the admin area, exam by exam). Rows that name no exam go to the first.

insert into public.exam_schedule (exam_name, start_time, end_time, duration_minutes, is_active)
values ('Holdfast Assessment', now() - interval '1 hour', now() + interval '7 days', 30, true);

insert into public.questions (question_number, question_text, option_a, option_b, option_c, option_d, correct_answer) values
  (1, 'What is the capital of France?', 'Berlin', 'Madrid', 'Paris', 'Rome', 'C'),
  (2, 'Which planet is known as the Red Planet?', 'Mars', 'Venus', 'Jupiter', 'Mercury', 'A'),
  (3, 'What is 7 × 8?', '54', '56', '58', '64', 'B'),
  (4, 'Which gas do plants absorb from the air for photosynthesis?', 'Oxygen', 'Nitrogen', 'Hydrogen', 'Carbon dioxide', 'D'),
  (5, 'How many continents are there on Earth?', '5', '6', '7', '8', 'C'),
  (6, 'What is the chemical symbol for water?', 'H2O', 'O2', 'CO2', 'NaCl', 'A'),
  (7, 'Who wrote "Romeo and Juliet"?', 'Charles Dickens', 'William Shakespeare', 'Jane Austen', 'Mark Twain', 'B'),
  (8, 'What is the largest ocean on Earth?', 'Atlantic', 'Indian', 'Arctic', 'Pacific', 'D'),
  (9, 'What is the square root of 81?', '7', '8', '9', '10', 'C'),
  (10, 'Which organ pumps blood through the human body?', 'Heart', 'Lungs', 'Liver', 'Kidneys', 'A'),
  (11, 'How many sides does a hexagon have?', '5', '6', '7', '8', 'B'),
  (12, 'What is the boiling point of water at sea level in degrees Celsius?', '90', '95', '100', '110', 'C'),
  (13, 'Which is the smallest prime number?', '0', '1', '3', '2', 'D'),
  (14, 'Which language has the most native speakers?', 'Mandarin Chinese', 'English', 'Spanish', 'Hindi', 'A'),
  (15, 'What is 15% of 200?', '20', '30', '35', '40', 'B'),
  (16, 'Which instrument measures air pressure?', 'Thermometer', 'Hygrometer', 'Barometer', 'Anemometer', 'C'),
  (17, 'What is the hardest natural substance?', 'Gold', 'Iron', 'Quartz', 'Diamond', 'D'),
  (18, 'In which year did the first person walk on the Moon?', '1969', '1965', '1972', '1958', 'A'),
  (19, 'What is the main language of Brazil?', 'Spanish', 'Portuguese', 'French', 'English', 'B'),
  (20, 'What is 144 divided by 12?', '10', '11', '12', '14', 'C'),
  (21, 'Which part of the cell contains genetic material?', 'Cell wall', 'Cytoplasm', 'Membrane', 'Nucleus', 'D'),
  (22, 'What is the freezing point of water in degrees Fahrenheit?', '32', '0', '100', '212', 'A'),
  (23, 'Which continent is the Sahara Desert on?', 'Asia', 'Africa', 'Australia', 'South America', 'B'),
  (24, 'What is the perimeter of a square with sides of 5 cm?', '10 cm', '15 cm', '20 cm', '25 cm', 'C'),
  (25, 'Which vitamin does the skin make in sunlight?', 'Vitamin A', 'Vitamin B12', 'Vitamin C', 'Vitamin D', 'D'),
  (26, 'What is the longest river in Africa?', 'Nile', 'Congo', 'Niger', 'Zambezi', 'A'),
  (27, 'How many minutes are there in three hours?', '160', '180', '200', '240', 'B'),
  (28, 'Which metal is liquid at room temperature?', 'Lead', 'Aluminium', 'Mercury', 'Tin', 'C'),
  (29, 'What does a lexicographer compile?', 'Maps', 'Laws', 'Recipes', 'Dictionaries', 'D'),
  (30, 'What is 3 cubed?', '27', '9', '18', '81', 'A'),
  (31, 'Which force keeps the planets in orbit around the Sun?', 'Magnetism', 'Gravity', 'Friction', 'Tension', 'B'),
  (32, 'What is the plural of "mouse" (the animal)?', 'Mouses', 'Meese', 'Mice', 'Mousen', 'C'),
  (33, 'Which is a renewable source of energy?', 'Coal', 'Oil', 'Natural gas', 'Wind', 'D'),
  (34, 'What is 0.5 written as a fraction?', '1/2', '1/4', '2/3', '1/5', 'A'),
  (35, 'Which blood cells fight infection?', 'Red blood cells', 'White blood cells', 'Platelets', 'Plasma', 'B'),
  (36, 'What is the largest planet in our solar system?', 'Saturn', 'Neptune', 'Jupiter', 'Earth', 'C'),
  (37, 'Which word is a synonym of "rapid"?', 'Slow', 'Heavy', 'Quiet', 'Fast', 'D'),
  (38, 'How many degrees are in a right angle?', '90', '45', '180', '360', 'A'),
  (39, 'Which country is home to the kangaroo?', 'New Zealand', 'Australia', 'South Africa', 'Argentina', 'B'),
  (40, 'What is the next number in the sequence 2, 4, 8, 16, …?', '18', '24', '32', '20', 'C'),
  (41, 'Which layer of the atmosphere contains the ozone layer?', 'Troposphere', 'Mesosphere', 'Thermosphere', 'Stratosphere', 'D'),
  (42, 'What is the value of π rounded to two decimal places?', '3.14', '3.41', '3.12', '3.16', 'A'),
  (43, 'Which punctuation mark ends a question?', 'Full stop', 'Question mark', 'Comma', 'Semicolon', 'B'),
  (44, 'What is the area of a rectangle 4 m by 6 m?', '10 m²', '20 m²', '24 m²', '28 m²', 'C'),
  (45, 'Which animal is the largest mammal?', 'Elephant', 'Giraffe', 'Hippopotamus', 'Blue whale', 'D'),
  (46, 'What is the opposite of "ancient"?', 'Modern', 'Old', 'Historic', 'Aged', 'A'),
  (47, 'How many bytes are in a kilobyte (as defined by SI)?', '100', '1000', '1024', '512', 'B'),
  (48, 'Which scientist proposed the theory of relativity?', 'Isaac Newton', 'Marie Curie', 'Albert Einstein', 'Galileo Galilei', 'C'),
  (49, 'What is 25 × 4?', '75', '90', '125', '100', 'D'),
  (50, 'Which sense is the cochlea part of?', 'Hearing', 'Sight', 'Smell', 'Taste', 'A');

insert into public.login_codes (code)
select string_agg(substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 1 + (get_byte(extensions.gen_random_bytes(1), 0) % 36), 1), '')
from generate_series(1, 10) as code_number
cross join generate_series(1, 8) as position
group by code_number;

-- The second exam: its own sitting, questions and codes.
with physics as (
  insert into public.exams (name, default_duration_minutes) values ('Physics (Year 10)', 20) returning id
)
insert into public.exam_schedule (exam_id, exam_name, start_time, end_time, duration_minutes, is_active)
select id, 'Main hall', now() - interval '1 hour', now() + interval '7 days', 20, true from physics;

insert into public.questions (exam_id, question_number, question_text, option_a, option_b, option_c, option_d, correct_answer)
select e.id, q.* from public.exams e, (values
  (1, 'What is the SI unit of force?', 'Newton', 'Joule', 'Watt', 'Pascal', 'A'),
  (2, 'What is the speed of light in a vacuum, roughly?', '300 km/s', '300,000 km/s', '3,000 km/s', '30,000 km/s', 'B'),
  (3, 'Which quantity is measured in ohms?', 'Current', 'Voltage', 'Resistance', 'Power', 'C'),
  (4, 'What is the acceleration due to gravity on Earth, roughly?', '1 m/s²', '5 m/s²', '20 m/s²', '9.8 m/s²', 'D'),
  (5, 'Which particle has a negative charge?', 'Electron', 'Proton', 'Neutron', 'Photon', 'A'),
  (6, 'What does a voltmeter measure?', 'Current', 'Potential difference', 'Resistance', 'Charge', 'B'),
  (7, 'Which kind of energy does a moving car have?', 'Chemical', 'Nuclear', 'Kinetic', 'Elastic', 'C'),
  (8, 'What is the unit of power?', 'Joule', 'Newton', 'Volt', 'Watt', 'D'),
  (9, 'Sound cannot travel through…', 'a vacuum', 'water', 'steel', 'air', 'A'),
  (10, 'What is the formula for speed?', 'distance × time', 'distance ÷ time', 'time ÷ distance', 'mass × acceleration', 'B'),
  (11, 'Which wave has the longest wavelength?', 'Gamma rays', 'X-rays', 'Radio waves', 'Visible light', 'C'),
  (12, 'What happens to the resistance of a wire as it gets longer?', 'It falls', 'It stays the same', 'It becomes zero', 'It rises', 'D'),
  (13, 'Current is the rate of flow of…', 'charge', 'energy', 'voltage', 'resistance', 'A'),
  (14, 'Which material is a good electrical insulator?', 'Copper', 'Rubber', 'Aluminium', 'Graphite', 'B'),
  (15, 'What is the weight of a 10 kg mass on Earth, roughly?', '10 N', '1 N', '100 N', '1000 N', 'C'),
  (16, 'Which colour of visible light has the highest frequency?', 'Red', 'Yellow', 'Green', 'Violet', 'D'),
  (17, 'Energy can be neither created nor…', 'destroyed', 'stored', 'transferred', 'measured', 'A'),
  (18, 'What does the gradient of a distance–time graph show?', 'Acceleration', 'Speed', 'Force', 'Distance', 'B'),
  (19, 'Which unit is used for frequency?', 'Metre', 'Second', 'Hertz', 'Decibel', 'C'),
  (20, 'What is the charge of a neutron?', 'Positive', 'Negative', 'It varies', 'None', 'D')
) as q (question_number, question_text, option_a, option_b, option_c, option_d, correct_answer)
where e.name = 'Physics (Year 10)';

insert into public.login_codes (exam_id, code)
select (select id from public.exams where name = 'Physics (Year 10)'),
       string_agg(substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 1 + (get_byte(extensions.gen_random_bytes(1), 0) % 36), 1), '')
from generate_series(1, 10) as code_number
cross join generate_series(1, 8) as position
group by code_number;
